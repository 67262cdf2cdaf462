import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { useSchoolUnits } from '@/lib/groups';
import { useInterests, useSaveInterests } from '../api/interests';

const t = sv.toolsAndProfile.interests;

/** `/profile/interests` (set_intrest_unit): the school units whose news the user follows. */
export default function InterestsRoute() {
  const units = useSchoolUnits();
  const interests = useInterests();
  const save = useSaveInterests();
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosen = picked ?? (interests.data ?? []).map((node) => node.id);

  const toggle = (id: number) =>
    setPicked(chosen.includes(id) ? chosen.filter((item) => item !== id) : [...chosen, id]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ nodeIds: chosen });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <PageHeading>{sv.pageTitles.interests}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <Card>
        <CardContent>
          {units.isPending || interests.isPending ? (
            <CircularProgress aria-label={sv.app.loadingBar} />
          ) : (
            <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
              {save.isSuccess ? (
                <Alert severity="success" role="status">
                  {t.saved}
                </Alert>
              ) : null}
              {save.error ? (
                <Alert severity="error">
                  {isApiError(save.error) ? save.error.message : sv.errors.network}
                </Alert>
              ) : null}
              <Stack component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 700, p: 0 }}>
                  {t.legend}
                </Typography>
                <FormGroup>
                  {(units.data ?? []).map((unit) => (
                    <FormControlLabel
                      key={unit.id}
                      control={
                        <Checkbox
                          checked={chosen.includes(unit.id)}
                          onChange={() => toggle(unit.id)}
                        />
                      }
                      label={unit.value ? `${unit.name} (${unit.value})` : unit.name}
                    />
                  ))}
                </FormGroup>
              </Stack>
              <div>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {t.save}
                </Button>
              </div>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
