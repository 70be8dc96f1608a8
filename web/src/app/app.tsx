import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppToaster } from './app-toaster';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}
