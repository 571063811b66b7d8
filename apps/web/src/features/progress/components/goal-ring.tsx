/** Today's goal as a ring that fills up (a picture only: the numbers beside it say the same in text). */
export function GoalRing({ done, amount, size = 22 }: { done: number; amount: number; size?: number }) {
  const r = 9;
  const circumference = 2 * Math.PI * r;
  const share = amount > 0 ? Math.min(1, done / amount) : 0;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={`goal-ring${share >= 1 ? ' is-reached' : ''}`}
    >
      <circle cx="12" cy="12" r={r} className="goal-ring-track" />
      <circle
        cx="12"
        cy="12"
        r={r}
        className="goal-ring-value"
        strokeDasharray={`${share * circumference} ${circumference}`}
        transform="rotate(-90 12 12)"
      />
    </svg>
  );
}
