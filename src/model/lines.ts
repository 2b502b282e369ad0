/**
 * Offset in a text → its line, counted from `firstLine` (the page line the text starts on).
 * The line starts are found once, then each lookup is a binary search.
 */
export function lineLocator(text: string, firstLine = 1): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return firstLine + lo;
  };
}
