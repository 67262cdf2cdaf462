import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes, buildRoutes } from './router';

export function App() {
  const [routes] = useState(() => buildRoutes());
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}
