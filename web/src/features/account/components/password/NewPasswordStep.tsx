/**
 * Step 2 of forgot-password and of modify-password: the new password twice, sent with the ticket
 * of step 1 (history state). Without a ticket, or with an expired one, it explains and links back.
 */
import { Button } from '@mantine/core';
import { toast } from '../../../../ui/toast';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { checkConfirmation, checkPassword } from '../../../../../../common/validation';
import { useSubmitGuard } from '../../../../ui/useSubmitGuard';
import { useResetPassword } from '../../passwordApi';
import { MissingTicket } from './MissingTicket';
import { NewPasswordFields } from './NewPasswordFields';
import { PageIntro } from './PageIntro';
import { errorCodeOf, useValidationText } from './text';
import { readTicketState } from './ticket';
import classes from './password.module.css';

type TicketState = NonNullable<ReturnType<typeof readTicketState>>;

export function NewPasswordStep({
  stepOne,
  title,
  intro,
  submitLabel,
  successMessage,
  onDone,
}: {
  stepOne: string;
  title: string;
  intro: (state: TicketState) => ReactNode;
  submitLabel: string;
  successMessage: string;
  onDone: (state: TicketState) => void;
}) {
  const location = useLocation();
  const reset = useResetPassword();
  // Two Enters in one frame both see isPending false: the guard lets only the first through.
  const guard = useSubmitGuard();
  const text = useValidationText();
  const state = readTicketState(location.state);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [expired, setExpired] = useState(false);

  if (!state || expired) return <MissingTicket backTo={stepOne} expired={expired} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    const next = { password: text(checkPassword(password)), confirm: text(checkConfirmation(password, confirm)) };
    setErrors(next);
    if (next.password || next.confirm || !guard.begin()) return;
    reset.mutate(
      { ticket: state.ticket, password, confirmPassword: confirm },
      {
        onSuccess: () => {
          toast.success(successMessage);
          onDone(state);
        },
        onError: (err) => {
          guard.end();
          if (errorCodeOf(err) === 'ticket_invalid') setExpired(true);
        },
        // After a success the guard stays closed: the form stays on screen while the next page's
        // chunk loads (the URL has already changed), and the used ticket must not be sent again.
      },
    );
  };

  return (
    <form className={classes.page} onSubmit={submit} noValidate>
      <PageIntro step={2} title={title}>
        {intro(state)}
      </PageIntro>
      <NewPasswordFields password={password} confirm={confirm} onPasswordChange={setPassword} onConfirmChange={setConfirm} errors={errors} />
      <Button type="submit" size="md" loading={reset.isPending} data-testid="reset-submit">
        {submitLabel}
      </Button>
    </form>
  );
}
