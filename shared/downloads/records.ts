/**
 * What a customer's download clicks and EULA acceptances may add in a day: each new release and EULA
 * version makes a record kept with the account, so a loop must not pile them up. Far more than a person
 * downloads or accepts in a day.
 */
export const MAX_DOWNLOAD_RECORDS_PER_DAY = 100;
export const MAX_EULA_ACCEPTANCES_PER_DAY = 100;

export const downloadRecordMessages = {
  downloadBudget: `You downloaded ${MAX_DOWNLOAD_RECORDS_PER_DAY} times today: downloads are not recorded until tomorrow`,
  eulaBudget: `You accepted the EULA ${MAX_EULA_ACCEPTANCES_PER_DAY} times today: try again tomorrow`,
} as const;
