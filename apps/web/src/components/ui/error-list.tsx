/** Server-side errors listed under a form; announced when they appear. */
export function ErrorList({
  errors,
  label = 'Please correct the following',
}: {
  errors: string[];
  label?: string;
}) {
  if (errors.length === 0) return null;
  return (
    <div role="alert">
      <p className="visually-hidden">{label}</p>
      <ul className="form-errors" data-testid="server-errors">
        {errors.map((e, i) => (
          <li key={`${i}-${e}`}>{e}</li>
        ))}
      </ul>
    </div>
  );
}
