import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { useChooseMainSchool, useMySchools } from '../api/my-schools';

const t = sv.toolsAndProfile.mySchools;

/** `/profile/my-schools` (teachers and employees): their school units and the main one. */
export default function MySchoolsRoute() {
  const schools = useMySchools();
  const choose = useChooseMainSchool();
  const [picked, setPicked] = useState<number | null>(null);
  const current = picked ?? schools.data?.mainSchoolNodeId ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (current !== null) choose.mutate({ nodeId: current });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <PageHeading>{sv.pageTitles.mySchools}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <Card>
        <CardContent>
          {schools.isPending ? (
            <CircularProgress aria-label={sv.app.loadingBar} />
          ) : !schools.data?.schools.length ? (
            <Typography>{t.empty}</Typography>
          ) : (
            <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
              {choose.isSuccess ? (
                <Alert severity="success" role="status">
                  {t.saved}
                </Alert>
              ) : null}
              {choose.error ? (
                <Alert severity="error">
                  {isApiError(choose.error) ? choose.error.message : sv.errors.network}
                </Alert>
              ) : null}
              <FormControl>
                <FormLabel id="main-school-label" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {t.legend}
                </FormLabel>
                <RadioGroup
                  aria-labelledby="main-school-label"
                  value={current === null ? '' : String(current)}
                  onChange={(event) => setPicked(Number(event.target.value))}
                >
                  {schools.data.schools.map((school) => (
                    <FormControlLabel
                      key={school.id}
                      value={String(school.id)}
                      control={<Radio />}
                      label={school.value ? `${school.name} (${school.value})` : school.name}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
              <div>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={current === null || choose.isPending}
                >
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
