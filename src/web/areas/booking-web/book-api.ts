import type { TWebBooking, TWebCarFound, TWebOffers } from '@/domain/booking-web/booking-web';

/** The booking page's calls: plain fetch (the page carries none of the staff app's client). */
export class BookError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function post<T>(url: string, body: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new BookError('Der er ingen forbindelse. Prøv igen om lidt.', 0);
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    const message =
      response.status === 429
        ? 'Du har prøvet mange gange. Vent et kvarter, og prøv igen.'
        : (data.message ?? 'Noget gik galt. Prøv igen.');
    throw new BookError(message, response.status);
  }
  return data as T;
}

export const findCar = (registrationNumber: string) => post<TWebCarFound>('/api/web-booking/car', { registrationNumber });
export const findOffers = (body: { registrationNumber: string; job: string; zipCode: string }) =>
  post<TWebOffers>('/api/web-booking/offers', body);
export const bookTime = (body: object) => post<TWebBooking>('/api/web-booking/book', body);
export const getBooking = (token: string) => post<TWebBooking>('/api/web-booking/manage', { token });
export const findMoveOffers = (token: string) => post<TWebOffers>('/api/web-booking/manage/offers', { token });
export const moveBooking = (token: string, place: object) => post<TWebBooking>('/api/web-booking/manage/move', { token, place });
export const cancelBooking = (token: string) => post<TWebBooking>('/api/web-booking/manage/cancel', { token });
