/** The sitemap's loading state, in the first render's code so it never waits for the sitemap's chunk. */
export function VsmLoading({ heading, label }: { heading: string; label: string }) {
  return (
    <div className="aisle-vsm aisle-vsm--loading">
      <h1 className="aisle-h1">{heading}</h1>
      <div className="aisle-vsm__placeholder" role="status" aria-label={label}>
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className="aisle-vsm__placeholder-line" aria-hidden="true" />
        ))}
      </div>
    </div>
  );
}
