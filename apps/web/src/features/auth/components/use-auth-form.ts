import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './form-utils';

export interface TAuthFormOptions<TValues extends Record<string, string>> {
  /** What the fields hold when the form opens. */
  initial: TValues;
  /** Checks the values as they are typed; a field shows its first message once it has been touched. */
  schema: z.ZodType;
  /**
   * Fields trimmed as they are typed (docs/product.md, "Validation": username and email); the others are taken as
   * typed.
   */
  trimmed?: readonly (keyof TValues & string)[];
  /**
   * Sends the values once they are valid. Resolves 'stay-busy' when the form stays busy after success until it
   * goes away (the register form closes or moves on after a delay); otherwise it is ready again.
   */
  send: (values: TValues) => Promise<void | 'stay-busy'>;
  /** A send that threw: reports it (toast, log) and answers the messages to list under the form. */
  failed: (err: unknown) => string[];
}

/**
 * The state the four auth forms (login, register, forgot and reset password) share: the values, each field's
 * message (shown once the field was touched, every field's when an invalid form is submitted), the server's
 * messages under the form, and one submission at a time.
 */
export function useAuthForm<TValues extends Record<string, string>>({
  initial,
  schema,
  trimmed = [],
  send,
  failed,
}: TAuthFormOptions<TValues>) {
  type TField = keyof TValues & string;
  const [values, setValues] = useState<TValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const [processing, setProcessing] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // the state above changes with the next render; a second Enter before it must not send again
  const busy = useRef(false);
  const errors = useMemo(() => fieldErrors<TField>(schema, values), [schema, values]);
  const invalid = Object.keys(errors).length > 0;

  const change = (field: TField, raw: string) => {
    const value = trimmed.includes(field) ? raw.trim() : raw;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const touch = (field: TField) => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: TField) => (touched[field] ? errors[field] : undefined);

  /** The props of a TextField bound to `field`. */
  const bind = (field: TField) => ({
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
    onBlur: () => touch(field),
    error: shown(field),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    if (invalid) {
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<TField, boolean>);
      return;
    }
    busy.current = true;
    setProcessing(true);
    setServerErrors([]);
    let stayBusy = false;
    try {
      stayBusy = (await send(values)) === 'stay-busy';
    } catch (err) {
      setServerErrors(failed(err));
    }
    if (stayBusy) return;
    busy.current = false;
    setProcessing(false);
  };

  return { values, errors, invalid, processing, serverErrors, change, touch, shown, bind, submit };
}
