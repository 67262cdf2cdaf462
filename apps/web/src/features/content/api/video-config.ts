import { videoEndpoints } from '@skolportalen/shared/endpoints/video';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const videoConfigKey = ['video-config'] as const;

/** The video services a video block may frame (the server's VIDEO_EMBED_HOSTS). */
export function useVideoConfig() {
  return useQuery({
    queryKey: videoConfigKey,
    queryFn: ({ signal }) => call(videoEndpoints.config, { signal, throwOnError: true }),
    staleTime: Infinity,
  });
}
