/** An option's count after its text, " (12)"; nothing at all when the response gave no count. */
export function OptionCount({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <>
      {' '}
      <span className="aisle-option-count">{text}</span>
    </>
  );
}
