// The calendar's screen is loaded by the router straight from its file (a chunk of its own, issue 11). Other areas
// (the mobile-service map) may follow the same live changes.
export { useLiveChanges, type TLiveChange } from './live';
