// The booking's web room: free places, the nearest vans and workshops, zip codes and addresses
// (src/server/areas/booking) and the checks the booking step makes. Another area uses it only through this file.
export { fetchZipCity, useAddressSuggestions, useMonthAvailability, useNearestMobile, useNearestWorkshops, useZipCodeVans } from './api';
export type { AvailabilityRequest, NearestRequest } from './api';
export { useCarCheck, useVanZipCode } from './booking-checks';
export type { TVanZipAnswer } from './booking-checks';
export { jobItemNos, MobileAddress, MobileServiceSearch, NearestButtons } from './components/place-pickers';
export { CalendarDay, ClockField, dayState, formatHours, SlotButton, slotHours } from './components/day-and-slot-pickers';
