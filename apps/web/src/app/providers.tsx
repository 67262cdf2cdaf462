import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { MediaPickerProvider, type MediaPickerProps } from '@/components/media-picker';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { LazyMediaPicker } from './media-picker-slot';
import { themeFor } from './theme';

const renderMediaPicker = (props: MediaPickerProps) => <LazyMediaPicker {...props} />;

export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  // Read before the first paint, so nothing moves once and then stops.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => themeFor({ reducedMotion }), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <MediaPickerProvider picker={renderMediaPicker}>{children}</MediaPickerProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
