import type { RouteObject } from 'react-router';
import { ErrorPage } from '../features/errors/error-page';
import { WelcomePage } from '../features/welcome/welcome-page';
import { RootError } from './root-error';
import { RootLayout } from './root-layout';

/** SPEC part 2. Each area's routes are added here by the issue that builds its screens. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <WelcomePage /> },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
