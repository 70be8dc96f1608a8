export { FormAlert } from './form-alert';
export { PasswordField } from './password-field';
export { RadioGroup } from './radio-group';
export { SelectField } from './select-field';
export { SubmitButton } from './submit-button';
export { TextAreaField } from './text-area-field';
export { TextField, type TextFieldProps } from './text-field';
