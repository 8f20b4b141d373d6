import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FreezeFieldError } from '../../../../machines/learning/freeze.machine';
import { formatDate } from '../../../domain/learning/calendarDates';

/** The texts of the freeze dates' errors; the dates in them are calendar days (UTC midnights). */
export function freezeErrorText(i18n: I18n, error: FreezeFieldError): string {
  switch (error.code) {
    case 'server':
      return error.message;
    case 'required':
      return i18n._(msg`Pick a date`);
    case 'beforeToday': {
      const min = formatDate(error.min, 'UTC');
      return i18n._(msg`The freeze cannot start before ${min}`);
    }
    case 'notAfterStart':
      return i18n._(msg`The freeze must end after it starts`);
    case 'afterStreamEnd': {
      const max = formatDate(error.max, 'UTC');
      return i18n._(msg`The freeze cannot end after the course ends (${max})`);
    }
  }
}
