/**
 * Puts text on the clipboard that is still being fetched. Where the browser has ClipboardItem, the write
 * starts at once, inside the click that asked for it (Safari refuses a write that comes after an await);
 * elsewhere the text is awaited and written with writeText.
 */
export async function copyText(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
    // A failed fetch rejects both the blob and the write; the caller hears of it once, from here.
    blob.catch(() => undefined);
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    await blob;
    return;
  }
  await navigator.clipboard.writeText(await text);
}
