import { useMutation } from '@tanstack/react-query';
import { ZAccountExportSchema, type TAccountExport } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

export const EXPORT_FILE_NAME = 'polski-stories-data.json';

/** GET /api/account/export: everything the product holds about the signed-in learner (docs/product.md, "Your data"). */
export async function exportData(): Promise<TAccountExport> {
  return ZAccountExportSchema.parse(
    await callApi('account.exportData', undefined, { silentStatuses: [429] }),
  );
}

/** Hands a file to the browser as a download (an object URL on a temporary link, released afterwards). */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the learner's data as a JSON file; `save` is replaced in tests. */
export function useExportData(save: (name: string, blob: Blob) => void = saveFile) {
  return useMutation({
    mutationFn: async () => {
      const data = await exportData();
      save(EXPORT_FILE_NAME, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      return data;
    },
  });
}
