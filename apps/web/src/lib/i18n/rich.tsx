import { Fragment, type ReactNode } from 'react';

/**
 * A translated text with markup (`Please <0>try again</0>.`) as React nodes: each numbered tag's inner text goes
 * to the function of that number (a link, a button, a styled word), so the words around it can move freely in each
 * language (docs/i18n.md, "Texts with markup"). Text outside the tags stays text.
 */
export function rich(text: string, parts: Record<number, (children: string) => ReactNode>): ReactNode {
  const out: ReactNode[] = [];
  const tag = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const render = parts[Number(m[1])];
    out.push(<Fragment key={m.index}>{render ? render(m[2] ?? '') : m[2]}</Fragment>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
