/** The page numbers a pagination bar shows (first, last, two either side), null marking a gap. */
export function pageWindow(current: number, count: number): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let n = 1; n <= count; n++) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
