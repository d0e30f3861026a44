/** The server's messages for one field, one per line, under the field. */
export function FieldError({ id, messages }: { id?: string; messages?: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <small id={id} className="p-error field-error" role="alert">
      {messages.join('\n')}
    </small>
  );
}
