import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { PageFrame } from '../components/page-frame';
import { ErrorPage } from '../features/errors/error-page';
import { useAuthStore } from '../stores/auth-store';

/** A screen that throws still shows the frame and the ErrorPage, never a blank page. */
export function RootError() {
  const error = useRouteError();
  const clearShop = useAuthStore((state) => state.clearShop);
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return (
    <PageFrame onLogout={clearShop}>
      <ErrorPage />
    </PageFrame>
  );
}
