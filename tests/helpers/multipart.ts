/** A multipart form for `inject` (light-my-request encodes FormData as the browser does). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string; field?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
