import type { ReactNode } from 'react';

// web addresses and email addresses inside plain paragraphs become links
const TOKEN = /(https?:\/\/[^\s),]+[^\s),.;:]|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const value = match[0];
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      value.includes('@') && !value.startsWith('http') ? (
        <a key={start} href={`mailto:${value}`}>
          {value}
        </a>
      ) : (
        <a key={start} href={value} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      ),
    );
    last = start + value.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
