/**
 * Forgot password, step 2: the new password twice, with the ticket of step 1.
 * Success ends the user's other sessions and leads to login with the account prefilled.
 */
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NewPasswordStep } from '../components/password/NewPasswordStep';
import classes from '../components/password/password.module.css';
import { paths } from '../../../lib/paths';

export default function ForgetPwdNextPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NewPasswordStep
      stepOne={paths.mine.forgetPwd}
      title={t('password.forget.newTitle')}
      intro={(state) =>
        state.account ? (
          <Trans i18nKey="password.forget.newIntro" values={{ account: state.account }} components={{ b: <span className={classes.account} /> }} />
        ) : (
          t('password.common.otherSessions')
        )
      }
      submitLabel={t('password.forget.submit')}
      successMessage={t('password.forget.success')}
      // The login page prefills the account from this state.
      onDone={(state) => navigate(paths.mine.login, { replace: true, state: { account: state.account, country: state.country, kind: state.kind } })}
    />
  );
}
