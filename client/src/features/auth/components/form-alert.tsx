/** The provider's (or the shop's) answer in red under the form, announced at once. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className="auth-alert">
      {message ? <p className="alert alert-error">{message}</p> : null}
    </div>
  );
}
