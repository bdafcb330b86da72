/**
 * Starts a file download from a signed URL the server serves with Content-Disposition: attachment:
 * a hidden link clicked once, so the page stays where it is.
 */
export function startDownload(uri: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = uri;
  link.rel = 'noopener';
  link.download = '';
  link.hidden = true;
  doc.body.appendChild(link);
  link.click();
  link.remove();
}
