/**
 * A link that opens the phone's maps with the way to an address (issue 38: the fitter's job address). Google's Maps
 * URLs are the one form every phone opens in its maps app (Android's Google Maps; on an iPhone Google Maps when it
 * is there, else the browser's map), and a desktop in a new tab. Addresses containing 'denmark' get ',Denmark'
 * appended for look-up, as document 2 does; any other Danish address is looked up as it stands.
 */
export function directionsUrl(address: string): string | null {
  const text = address.trim();
  if (!text) return null;
  const lookUp = /denmark/i.test(text) && !/,\s*denmark\s*$/i.test(text) ? `${text},Denmark` : text;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(lookUp)}`;
}
