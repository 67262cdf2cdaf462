import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MediaPickerProvider, type MediaPickerProps } from '@/components/media-picker';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { LazyMediaPicker } from './media-picker-slot';
import { theme } from './theme';

const renderMediaPicker = (props: MediaPickerProps) => <LazyMediaPicker {...props} />;

export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <MediaPickerProvider picker={renderMediaPicker}>{children}</MediaPickerProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
