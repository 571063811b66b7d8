import { useT } from '../../lib/i18n/i18n';

/** Server-side errors listed under a form (in the learner's language: lib/api-failure.ts); announced when they appear. */
export function ErrorList({ errors, label }: { errors: string[]; label?: string }) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <div role="alert">
      <p className="visually-hidden">{label ?? t('errors.correctFollowing')}</p>
      <ul className="form-errors" data-testid="server-errors">
        {errors.map((e, i) => (
          <li key={`${i}-${e}`}>{e}</li>
        ))}
      </ul>
    </div>
  );
}
