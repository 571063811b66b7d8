import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type TExportFormat = 'csv' | 'anki';

const FILES: Record<TExportFormat, { name: string; type: string }> = {
  csv: { name: 'polski-words.csv', type: 'text/csv;charset=utf-8' },
  anki: { name: 'polski-words.txt', type: 'text/tab-separated-values;charset=utf-8' },
};

/**
 * GET /api/learning/export?format=csv|anki: the file's text. Fetched with the learner's token (a plain link cannot
 * send it), then handed to the browser as a download (`saveFile`).
 */
export async function exportWords(format: TExportFormat): Promise<string> {
  const body: unknown = await callApi('learning.exportWords', { query: { format } });
  return typeof body === 'string' ? body : '';
}

/** The browser's download of `text` under `name`. */
export function saveFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // the download has its own copy once started
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportWords() {
  return useMutation({
    mutationFn: async (format: TExportFormat) => {
      const text = await exportWords(format);
      saveFile(text, FILES[format].name, FILES[format].type);
      return text;
    },
  });
}
