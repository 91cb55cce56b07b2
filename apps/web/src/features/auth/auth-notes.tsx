/** The site stopped this action: said above the form, which is disabled. */
export function StoppedNotice({ text }: { text: string | undefined }) {
  return text ? (
    <p className="auth-notice" role="status">
      {text}
    </p>
  ) : null;
}

/** The server's refusal of the whole form (not of one field). */
export function FormError({ text }: { text: string | undefined }) {
  return text ? (
    <p className="auth-error" role="alert">
      {text}
    </p>
  ) : null;
}
