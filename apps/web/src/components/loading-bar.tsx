import type { LinearProgressProps } from '@mui/material/LinearProgress';
import { durations, svShell } from '@skolportalen/shared';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useRequestActivity, type RequestTracker } from '@/lib/request-tracker';

/**
 * MUI's progress bar, fetched the first time the bar shows: the first page
 * needs none unless its requests linger. A failed fetch shows no bar.
 */
const LinearProgress = lazy<ComponentType<LinearProgressProps>>(() =>
  import('@mui/material/LinearProgress').catch(() => ({ default: () => null })),
);

type Phase = 'idle' | 'waiting' | 'running' | 'finishing';

const tick = 100;
const finishMs = 400;
/** The bar creeps towards this while requests run; only finishing takes it to 100. */
const ceiling = 95;

/**
 * The loading bar of spec §4/§9: appears once requests have been pending for
 * 200 ms, grows over 5 seconds, completes and hides when they finish, and turns
 * to the error colour when the last request failed.
 */
export function LoadingBar({ tracker }: { tracker?: RequestTracker }) {
  const { pending, failed } = useRequestActivity(tracker);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const busy = pending > 0;

  // Derive the phase from request activity during render, as React recommends over effects.
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (busy && (phase === 'idle' || phase === 'finishing')) {
      setPhase(phase === 'idle' ? 'waiting' : 'running');
    } else if (!busy) {
      setPhase(phase === 'running' ? 'finishing' : 'idle');
    }
  }

  useEffect(() => {
    if (phase === 'waiting') {
      const timer = setTimeout(() => {
        setProgress(0);
        setPhase('running');
      }, durations.loadingBarThrottleMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'running') {
      const started = Date.now();
      const timer = setInterval(() => {
        const share = (Date.now() - started) / durations.loadingBarDurationMs;
        setProgress(Math.min(ceiling, Math.round(share * 100)));
      }, tick);
      return () => clearInterval(timer);
    }
    if (phase === 'finishing') {
      const timer = setTimeout(() => setPhase('idle'), failed ? finishMs * 3 : finishMs);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase, failed]);

  if (phase === 'idle' || phase === 'waiting') return null;
  return (
    <Suspense fallback={null}>
      <LinearProgress
        variant="determinate"
        value={phase === 'finishing' ? 100 : progress}
        color={failed ? 'error' : 'secondary'}
        aria-label={svShell.app.loadingBar}
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip', height: 3 }}
      />
    </Suspense>
  );
}
