import type { VideoConfig } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

export const videoConfigKey = ['video-config'] as const;

/** The video services a video block may frame (the server's VIDEO_EMBED_HOSTS). */
export function useVideoConfig() {
  return useQuery({
    queryKey: videoConfigKey,
    queryFn: ({ signal }) =>
      apiRequest<VideoConfig>(apiPaths.videoConfig(), { signal, throwOnError: true }),
    staleTime: Infinity,
  });
}
