/**
 * Headers for a stored file served to the browser: the stored type, never sniffed, a file name, and
 * kept in the browser's cache (a stored file never changes: a new upload gets a new id).
 * An image gets a sandboxing policy, so even an SVG opened on its own runs nothing; a PDF may be shown
 * in a frame of the app itself (Chromium's PDF viewer does not open in a sandboxed document).
 */
export function fileHeaders(
  contentType: string,
  fileName: string,
  disposition: 'inline' | 'attachment' = 'inline',
): Record<string, string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const pdf = contentType === 'application/pdf';
  return {
    'content-type': contentType,
    'content-disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'content-security-policy': pdf
      ? "default-src 'self'; frame-ancestors 'self'"
      : "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'x-frame-options': pdf ? 'SAMEORIGIN' : 'DENY',
    'cache-control': 'private, max-age=31536000, immutable',
  };
}
