import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/i18n';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return String(error);
};

/** The route error screen, used at every level of nesting. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
      {error == null ? (
        <>
          <Typography variant="h2" component="h1">
            404
          </Typography>
          <Typography>{t('error.notFound')}</Typography>
        </>
      ) : (
        <>
          <Typography variant="h3" component="h1">
            {t('error.oops')}
          </Typography>
          <Typography sx={{ my: 1 }}>{t('error.unexpected')}</Typography>
          <Typography component="p">
            <i>{describe(error)}</i>
          </Typography>
        </>
      )}
      <Typography sx={{ mt: 3 }}>
        <Link to="/">{t('error.backToStart')}</Link>
      </Typography>
    </Box>
  );
}
