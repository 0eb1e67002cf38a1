import { lazy } from 'react';

// The screens of this area are loaded by the router straight from their files, each as a chunk of its own
// (issue 11); the shell needs only the session and the unauthorised page from here.
export { fetchSession, useLogout, useSession } from './session';

/** Loaded when first shown, so the login form and its validation stay out of every page's first script. */
export const UnauthorisedScreen = lazy(() => import('./screens/unauthorised-screen').then((m) => ({ default: m.UnauthorisedScreen })));
