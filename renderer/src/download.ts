/**
 * Excel takes a CSV file for UTF-8 only when it starts with a byte-order mark; without one it shows the
 * ÷, × and accented names of an export as garbage. Other programs skip the mark.
 */
export const UTF8_BYTE_ORDER_MARK = '\uFEFF';

/** The bytes of a downloaded file: CSV text with the byte-order mark (once), anything else as it is. */
export function fileBody(text: string, type: string): string {
  return type.startsWith('text/csv') && !text.startsWith(UTF8_BYTE_ORDER_MARK) ? `${UTF8_BYTE_ORDER_MARK}${text}` : text;
}

/** Saves text as a file through the browser's download (the desktop shell asks where to put it). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([fileBody(text, type)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
