import Form from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';
import { installFormHarness } from '../harness/form-harness.ts';
import { when } from '../harness/paint.ts';
import { rjsfFormData, rjsfSchema, rjsfUiSchema } from './rjsf-schema.ts';
import '../page.css';

/** Scenario 4 baseline: a plain @rjsf/antd form of the same 300 fields. */
const formData = rjsfFormData();
installFormHarness(when(() => (document.getElementById('root_f002') as HTMLInputElement | null)?.value === 'Value 2'));
createRoot(document.getElementById('root')!).render(<Form schema={rjsfSchema} uiSchema={rjsfUiSchema} formData={formData} validator={validator} noHtml5Validate />);
