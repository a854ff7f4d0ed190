/** Bank wire deposit details (getWireDetails), each copyable; nothing where wires are not taken. */
import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useWireDetails, type WireDetails } from '../api';
import { CopyValue } from './CopyValue';
import classes from './funds.module.css';
import panel from '../../../ui/panel.module.css';

const FIELDS = ['bankName', 'accountNumber', 'accountName', 'bankAddress', 'transferCode', 'companyAddress'] as const satisfies ReadonlyArray<
  keyof WireDetails
>;

export function WireDetailsCard() {
  const { t } = useTranslation();
  const { data: wire } = useWireDetails();
  if (!wire?.available) return null;
  return (
    <section className={panel.card} aria-labelledby="wire-title" data-testid="wire-details">
      <h2 id="wire-title" className={classes.cardTitle}>
        {wire.currency ? t('funds.wire.titleIn', { currency: wire.currency }) : t('funds.wire.title')}
      </h2>
      <Text size="sm" c="dimmed">
        {t('funds.wire.body')}
      </Text>
      <dl className={panel.facts}>
        {FIELDS.map((field) => {
          const value = wire[field];
          if (!value) return null;
          const label = t(`funds.wire.${field}`);
          return (
            <Fragment key={field}>
              <dt>{label}</dt>
              <dd className={classes.copyRow}>
                <span data-testid={`wire-${field}`} data-server-text>
                  {value}
                </span>
                <CopyValue value={value} label={label} testId={`copy-wire-${field}`} />
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </section>
  );
}
