import { toast } from '../../../ui/toast';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { redirectTarget } from '../../../lib/paths';

/** After login or registration: a success toast, then back where the user was going. */
export function useSessionSuccess(messageKey: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    toast.success(t(messageKey));
    navigate(redirectTarget(location.search), { replace: true });
  };
}
