// Reports (`kgrag report`): the public entry point for the front doors.
export { reportHtml } from './html';
export { readReportInput, emptyReportInput, reportItemCount, type ReportInput } from './inputs';
