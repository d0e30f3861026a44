import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkBody, BulkJobAnswer, BulkResult, BulkRowAnswer } from '../../api/bulkApi';
import { bulkApi } from '../../api/bulkApi';
import { queryKeys } from '../../api/queryKeys';

/** How often a running job's progress is read. */
const JOB_POLL_MS = 1000;

/**
 * Where a bulk action stands once asked: running (with its progress when it runs as a job, and
 * whether its last reading failed), or ended with its outcome; an interrupted or failed job says
 * how many rows are left for a resume.
 */
export type BulkProgress =
  | { phase: 'idle' }
  | { phase: 'running'; total: number | undefined; handled: number; unreachable: boolean }
  | { phase: 'ended'; message: string; total: number; done: number; refused: BulkRowAnswer[]; stopped: string | null; left: number; resumable: boolean };

const ended = (
  message: string,
  result: Pick<BulkResult, 'total' | 'done'> & { rows: BulkRowAnswer[] },
  stopped: string | null = null,
  resumable = false,
): BulkProgress => {
  const refused = result.rows.filter((row) => !row.done);
  return { phase: 'ended', message, total: result.total, done: result.done, refused, stopped, left: result.total - result.done - refused.length, resumable };
};

const jobMessage = (job: BulkJobAnswer) =>
  `${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')} rows done${job.refused ? `; ${job.refused.toLocaleString('en')} refused` : ''}.`;

/**
 * One bulk action of a list (headless): `run` sends it; a small one answers at once, a large one
 * runs as a job whose progress is read every second until it ends. A job its server left
 * unfinished (interrupted, or stopped by an error) can be resumed on the rows left (`resume`).
 * Once ended, the list's pages are read again (rows changed or deleted).
 */
export function useBulkAction(api: string) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | undefined>(undefined);
  const [progress, setProgress] = useState<BulkProgress>({ phase: 'idle' });
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: queryKeys.resource(api) });
  const job = useQuery({
    queryKey: queryKeys.bulkJob(jobId ?? 0),
    enabled: jobId !== undefined,
    queryFn: async ({ signal }) => {
      const read = await bulkApi.job(jobId!, signal);
      // Ended: the rows it changed or deleted are read again.
      if (read.state !== 'running') refreshList();
      return read;
    },
    // A reading that failed (the server restarting) is tried again at the next tick, as long as the job was running.
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'running' ? false : JOB_POLL_MS),
  });

  const send = useMutation({
    mutationFn: (body: BulkBody) => bulkApi.run(api, body),
    onMutate: () => setProgress({ phase: 'running', total: undefined, handled: 0, unreachable: false }),
    onSuccess: (answer) => {
      if ('job' in answer.data) {
        setJobId(answer.data.job.id);
        setProgress({ phase: 'running', total: answer.data.job.total, handled: 0, unreachable: false });
        return;
      }
      setProgress(ended(answer.message, answer.data));
      refreshList();
    },
    // The refusal (422, 403) is said by the call's toast; the dialog goes back to its question.
    onError: () => setProgress({ phase: 'idle' }),
  });

  const resume = useMutation({
    mutationFn: (id: number) => bulkApi.resume(id),
    // Running again: its readings go on from the answer.
    onSuccess: (resumed) => queryClient.setQueryData(queryKeys.bulkJob(resumed.id), resumed),
  });

  // A job's progress is what its last reading says.
  const read = jobId !== undefined ? job.data : undefined;
  let shown: BulkProgress = progress;
  if (read?.state === 'running') shown = { phase: 'running', total: read.total, handled: read.done + read.refused, unreachable: job.isError };
  else if (read) {
    shown = ended(
      jobMessage(read),
      { total: read.total, done: read.done, rows: read.rows },
      read.state === 'finished' ? null : read.message,
      read.state === 'interrupted' || read.state === 'failed',
    );
  } else if (progress.phase === 'running' && jobId !== undefined) shown = { ...progress, unreachable: job.isError };
  return {
    progress: shown,
    run: (body: BulkBody) => send.mutate(body),
    /** Runs the job again on its rows left (an interrupted or failed one). */
    resume: () => {
      if (jobId !== undefined) resume.mutate(jobId);
    },
    resuming: resume.isPending,
  };
}
