/** "1 min", "10 min", "5 h", "1 day", "3 days", "2 mo", "1.5 yr": how far a due date is (the grade buttons). */
export function intervalLabel(due: string | Date, now: Date = new Date()): string {
  const ms = new Date(due).getTime() - now.getTime();
  const minutes = ms / 60_000;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 23.5) return `${Math.round(hours)} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days} ${days === 1 ? 'day' : 'days'}`;
  if (days < 365) return `${Math.round(days / 30.4)} mo`;
  const years = Math.round((days / 365) * 10) / 10;
  return `${years} yr`;
}

/** The same in words, for screen readers and messages: "in 10 minutes", "in 3 days". */
export function intervalWords(due: string | Date, now: Date = new Date()): string {
  const label = intervalLabel(due, now);
  const [n, unit] = label.split(' ');
  const one = n === '1';
  const words: Record<string, string> = {
    min: one ? 'minute' : 'minutes',
    h: one ? 'hour' : 'hours',
    day: 'day',
    days: 'days',
    mo: one ? 'month' : 'months',
    yr: one ? 'year' : 'years',
  };
  return `in ${n} ${words[unit] ?? unit}`;
}
