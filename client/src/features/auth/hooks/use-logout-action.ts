import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useLogout } from "../api/logout";

/** Logs out, tells the user, and returns to the sign-in page. */
export function useLogoutAction() {
  const [, navigate] = useLocation();
  const mutation = useLogout();
  const logout = () =>
    mutation.mutate(undefined, {
      onSuccess: ({ onDeviceOnly }) => {
        toast(
          onDeviceOnly
            ? {
                title: "Logged out on this device",
                description: "You are offline: your session ends on the server as soon as this device is back online.",
              }
            : { title: "Logged out successfully", description: "You have been logged out of CrewSwap." },
        );
        navigate("/", { replace: true });
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Logout failed",
          description: errorMessage(error, "Something went wrong. Please try again."),
        });
      },
    });
  return { logout, isPending: mutation.isPending };
}
