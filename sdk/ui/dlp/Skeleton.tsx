/** Placeholder cards while the first search runs (when the render context came without data). */
export function Skeleton({ label }: { label: string }) {
  return (
    <div className="aisle-skeleton" role="status" aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="aisle-skeleton__card" aria-hidden="true" />
      ))}
    </div>
  );
}
