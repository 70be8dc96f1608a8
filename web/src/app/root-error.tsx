import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { PageFrame } from '../components/page-frame';
import { ErrorPage } from '@/features/errors';
import { useLogout } from '@/features/auth';

/** A screen that throws still shows the frame and the ErrorPage, never a blank page. */
export function RootError() {
  const error = useRouteError();
  const { logout } = useLogout();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return (
    <PageFrame onLogout={() => logout('shop')}>
      <ErrorPage />
    </PageFrame>
  );
}
