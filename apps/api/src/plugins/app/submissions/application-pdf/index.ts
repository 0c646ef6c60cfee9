export { type ApplicationPdfInput, buildApplicationPdf, type PdfSubmission } from './build';
export {
  applicationPdfOfSubmission,
  applicationPdfOfUser,
  clearApplicationPdfCache,
  findSubmissionOfUser,
} from './service';
