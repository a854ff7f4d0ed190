import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { redirectTarget } from '../../../lib/paths';

/** After login or registration: a success toast, then back where the user was going. */
export function useSessionSuccess(messageKey: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    notifications.show({ message: t(messageKey), color: 'teal' });
    navigate(redirectTarget(location.search), { replace: true });
  };
}
