import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, importFileMaxBytes, sv, type ImportLeaversMode } from '@skolportalen/shared';
import { useId, useState, type FormEvent } from 'react';
import {
  useImportRuns,
  useImportSource,
  useStartApiImport,
  useStartFileImport,
} from '../api/import-runs';
import { AdminPage } from '../components/admin-page';
import { useFieldErrors } from '../components/field-errors';
import { ImportLeaversChoice } from '../components/import-leavers-choice';
import { ImportRunsTable } from '../components/import-runs-table';
import { SectionCard } from '../components/section-card';
import { StatusMessage } from '../components/status-message';

const t = sv.admin.import;
const megabytes = Math.round(importFileMaxBytes / 1024 / 1024);

/** `/profile/admin/import`: import the school organisation from SS 12000, see progress and reports. */
export default function ImportRoute() {
  const source = useImportSource();
  const runs = useImportRuns();
  const startFile = useStartFileImport();
  const startApi = useStartApiImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const [leavers, setLeavers] = useState<ImportLeaversMode>('disable');
  const { errors, report, clear } = useFieldErrors();
  const inputId = useId();
  const helpId = useId();
  const busy = (runs.data ?? []).some((run) => run.state === 'queued' || run.state === 'running');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > importFileMaxBytes) {
      setProblem(format(t.errors.tooLarge, { mb: megabytes }));
      return;
    }
    setProblem('');
    startFile.mutate(
      { file, leavers },
      {
        onSuccess: () => {
          clear();
          setStatus(t.started);
        },
        onError: report,
      },
    );
  };
  const fieldProblems = Object.entries(errors);

  return (
    <AdminPage title={sv.admin.pageTitles.import} intro={t.intro}>
      <Stack spacing={3}>
        <StatusMessage message={status} onClose={() => setStatus('')} />
        <SectionCard title={t.optionsTitle}>
          <ImportLeaversChoice value={leavers} onChange={setLeavers} />
        </SectionCard>
        <SectionCard title={t.fileTitle}>
          <Stack
            component="form"
            noValidate
            onSubmit={submit}
            spacing={1.5}
            alignItems="flex-start"
          >
            <Typography id={helpId} color="text.secondary">
              {format(t.fileHelp, { mb: megabytes })}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              alignItems={{ sm: 'center' }}
            >
              <Button component="label" variant="outlined" htmlFor={inputId}>
                {t.chooseFile}
                <input
                  id={inputId}
                  type="file"
                  accept="application/json,.json"
                  aria-describedby={helpId}
                  hidden
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setProblem('');
                    clear();
                  }}
                />
              </Button>
              <Typography>{file ? file.name : t.noFile}</Typography>
            </Stack>
            <div role="alert">
              {problem ? <FormHelperText error>{problem}</FormHelperText> : null}
              {fieldProblems.length ? (
                <>
                  <FormHelperText error>{t.errors.invalid}</FormHelperText>
                  <ul>
                    {fieldProblems.map(([field, message]) => (
                      <li key={field}>
                        <FormHelperText
                          error
                          component="span"
                        >{`${field}: ${message}`}</FormHelperText>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
            <Button
              type="submit"
              variant="contained"
              disabled={!file || busy || startFile.isPending}
            >
              {t.startFile}
            </Button>
          </Stack>
        </SectionCard>
        <SectionCard title={t.apiTitle}>
          {source.data?.api.configured ? (
            <Stack spacing={1.5} alignItems="flex-start">
              <Typography>{format(t.apiAt, { url: source.data.api.baseUrl ?? '' })}</Typography>
              <Button
                variant="contained"
                disabled={busy || startApi.isPending}
                onClick={() =>
                  startApi.mutate({ leavers }, { onSuccess: () => setStatus(t.started) })
                }
              >
                {t.startApi}
              </Button>
            </Stack>
          ) : (
            <Typography color="text.secondary">{t.apiNotConfigured}</Typography>
          )}
        </SectionCard>
        <section aria-labelledby={`${inputId}-runs`}>
          <Typography id={`${inputId}-runs`} component="h2" variant="h6" gutterBottom>
            {t.runsTitle}
          </Typography>
          {runs.data ? <ImportRunsTable runs={runs.data} /> : null}
        </section>
      </Stack>
    </AdminPage>
  );
}
