import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/client';

/** Asks for the signed-in user's account to be deleted: `user/delete_user_account` (asking again changes nothing). */
export const deleteUserAccount = () => call('user', 'delete_user_account', {});

export const useDeleteUserAccount = () => useMutation({ mutationFn: deleteUserAccount });
