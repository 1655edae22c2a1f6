import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BetaBannerProvider } from "@/components/beta-banner";
import { Toaster } from "@/components/ui/toaster";
import { queryClient } from "@/lib/query-client";
import { AppRoutes } from "@/routes";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BetaBannerProvider>
        <AppRoutes />
        <Toaster />
      </BetaBannerProvider>
    </QueryClientProvider>
  </StrictMode>,
);
