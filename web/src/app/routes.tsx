import type { RouteObject } from 'react-router';
import type { FrameHandle } from '../components/page-frame';
import {
  AdminLoginPage, ForgotPasswordPage, ResetPasswordPage, SessionGuard, ShopHomePage, ShopLoginPage,
  StaffLoginPage, SuperAdminLoginPage,
} from '@/features/auth';
import { ErrorPage } from '@/features/errors';
import { WelcomePage } from '@/features/welcome';
import { adminArea, staffArea, superAdminArea } from './areas/areas';
import { UserArea } from './areas/user-area';
import { RootError } from './root-error';
import { RootLayout } from './root-layout';

/** The app's routes. Each area's screens are listed in areas/areas.tsx. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <WelcomePage /> },
      {
        path: 'shop',
        children: [
          {
            index: true,
            element: (
              <SessionGuard area="shop">
                <ShopHomePage />
              </SessionGuard>
            ),
          },
          { path: 'login', element: <ShopLoginPage /> },
          { path: 'admin/login', element: <AdminLoginPage /> },
          { path: 'staff/login', element: <StaffLoginPage /> },
          { path: 'admin/reset/password/send/mail', element: <ForgotPasswordPage role="admin" /> },
          { path: 'admin/reset/password/:token', element: <ResetPasswordPage role="admin" /> },
          { path: '*', element: <ErrorPage /> },
        ],
      },
      { path: 'admin', element: <UserArea config={adminArea} />, children: adminArea.screens },
      { path: 'staff', element: <UserArea config={staffArea} />, children: staffArea.screens },
      {
        path: 'super/admin',
        children: [
          { path: 'login', element: <SuperAdminLoginPage /> },
          { path: 'reset/password/send/mail', element: <ForgotPasswordPage role="super-admin" /> },
          { path: 'reset/password/:token', element: <ResetPasswordPage role="super-admin" /> },
          {
            element: <UserArea config={superAdminArea} />,
            handle: { topBarTools: superAdminArea.topBarTools } satisfies FrameHandle,
            children: superAdminArea.screens,
          },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
